// Tests use the real RCON server side (api/src/protocols/servers), scripted through its state.
export {
  type RconServer as FakeRconServer,
  type RconServerState as FakeRconState,
  startRconServer as startFakeRconServer,
} from '../../protocols/servers/rcon-server';
