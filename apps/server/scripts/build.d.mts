// Types of build.mjs for the TypeScript callers (the benchmark).
export declare const SERVER_BUNDLE: string;
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function buildServer(): Promise<void>;
export declare function buildServerSync(): void;
