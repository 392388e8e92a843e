// The little of saxen's API the spreadsheet reader uses (the package ships no types).
declare module 'saxen' {
  export class Parser {
    constructor(options?: { proxy?: boolean });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    on(event: string, handler: (...args: any[]) => unknown): this;
    parse(xml: string): this;
  }
}
