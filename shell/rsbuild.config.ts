import { defineShellConfig } from '@outpost/build';

export default defineShellConfig();
