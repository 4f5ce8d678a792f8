// One rule for the shell and the server (its page preload hints): defined in the contracts.
export { ownsPath } from '@outpost/contracts/browser';
