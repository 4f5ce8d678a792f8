import { defineRemoteConfig } from '@outpost/build';

export default defineRemoteConfig({ id: 'servers' });
