// Tests use the real Server List Ping server side (api/src/protocols/servers), scripted through its state.
export {
  type MinecraftStatusServer as FakeMinecraftServer,
  type MinecraftStatusState as FakeMinecraftState,
  startMinecraftStatusServer as startFakeMinecraftServer,
} from '../../protocols/servers/minecraft-status-server';
