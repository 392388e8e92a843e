// The sign-in page's messages of one language (build/sign-in-messages.ts).
declare module 'virtual:sign-in-messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
