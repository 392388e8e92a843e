// Types of stamp.js (plain JavaScript, so that server/launch.js can use it uncompiled).
export function filesUnder(path: string): string[];
export function contentStamp(root: string, inputs: string[]): string;
export function recordedStamp(root: string, inputs: string[], record: string): string;
