/** Unix time in whole seconds: every stored timestamp uses it. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
