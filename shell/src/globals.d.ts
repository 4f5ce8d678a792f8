declare const __OUTPOST_BUILD__: { branch: string; commit: string; date: string };
declare module '*.css';
