// @module-federation/error-codes in the shell's browser bundle (aliased by defineShellConfig; the
// remotes take it from the shell, SHELL_RUNTIME_GLOBALS): the same codes and functions without
// the English description of each code and the docs link the package writes into every message,
// ~0.5 KB brotli of every first load that only a failing remote would ever print. An error still
// names its code, its arguments and the original message ("[ Federation Runtime ]: Module
// Federation RUNTIME-008 ..."); what a code means: https://module-federation.io/guide/troubleshooting/runtime
const codes = {};
for (let n = 1; n <= 15; n++) codes[`RUNTIME_${String(n).padStart(3, '0')}`] = `RUNTIME-${String(n).padStart(3, '0')}`;
Object.assign(codes, { TYPE_001: 'TYPE-001', BUILD_001: 'BUILD-001', BUILD_002: 'BUILD-002' });

const { getShortErrorMsg } = require('./mf-short-error.cjs');

module.exports = {
  ...codes,
  runtimeDescMap: {},
  typeDescMap: {},
  buildDescMap: {},
  errorDescMap: {},
  getShortErrorMsg,
  logAndReport: (code, descMap, args, logger, originalErrorMsg) =>
    logger(getShortErrorMsg(code, descMap, args, originalErrorMsg)),
};
