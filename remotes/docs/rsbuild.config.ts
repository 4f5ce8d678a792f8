import { defineRemoteConfig } from '@outpost/build';
import { mergeRsbuildConfig } from '@rsbuild/core';
import { docsContentPlugin } from './src/content-compiler/docs-content-plugin';

export default mergeRsbuildConfig(defineRemoteConfig({ id: 'docs' }), { plugins: [docsContentPlugin()] });
