export declare function cacheControlFor(filePath: string): string;
