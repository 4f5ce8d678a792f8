// The players sub-door of the players-bans-notes module (issue 23): what the module's other parts use of
// players/. Files outside players/ import this, never a file inside it.
export { serversWherePlayerConnected, serversWherePlayersConnected } from './connected-servers';
export { listPlayers, playerNames } from './players-repository';
export { playersRoutes } from './players-routes';
export {
  closeSessionsOnOfflineServers,
  connectedSince,
  recordConnect,
  recordDisconnect,
  recordSeen,
  recordSignIn,
} from './players-service';
export { playtimeRoutes } from './playtime-routes';
export { playersOnServer } from './server-presence';
