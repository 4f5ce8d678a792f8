// The Module Federation runtime's error message, short (see mf-error-codes.cjs): the code, its
// arguments and the original message, without the code's English description and docs link.
exports.getShortErrorMsg = (code, _descMap, args, originalErrorMsg) =>
  [
    `Module Federation ${code}`,
    args && `args: ${JSON.stringify(args)}`,
    originalErrorMsg && `Original Error Message:\n ${originalErrorMsg}`,
  ]
    .filter(Boolean)
    .join('\n');
