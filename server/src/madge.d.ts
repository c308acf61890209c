// The part of madge's API the import-cycle test uses (the package ships no types).
declare module 'madge' {
  interface MadgeResult {
    obj(): Record<string, string[]>;
    circular(): string[][];
    warnings(): { skipped: string[] };
  }
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
    tsConfig?: string | object;
    detectiveOptions?: Record<string, unknown>;
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
