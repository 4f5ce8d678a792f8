// Rsbuild bundles CSS imported by pages.
declare module '*.css';
