// Tests use the real A2S server side (api/src/protocols/servers), scripted through its state.
export {
  type A2sServer as FakeA2sServer,
  type A2sServerState as FakeA2sState,
  startA2sServer as startFakeA2sServer,
} from '../../protocols/servers/a2s-server';
