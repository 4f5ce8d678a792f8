/** A compiled Lingui message: a string, or parts (strings and `[argument, format?, cases?]`). */
export type CompiledMessage = string | Array<string | [string, string?, Record<string, unknown>?]>;
/** Every ASCII letter accented ("Servers" -> "Šéŕṽéŕš"). */
export function pseudoText(text: string): string;
/** A compiled message in the pseudo-locale: accented, in brackets, ~30 % longer. */
export function pseudoMessage(message: CompiledMessage, accent: (text: string) => string): CompiledMessage;
