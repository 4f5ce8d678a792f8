import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { compileContent } from './compile-content';
import { writeTranslationFiles } from './translation-files';

/**
 * Compiles content/ when the docs remote builds. The pages get the content through the
 * __DOCS_CONTENT__ constant (so it ships inside the remote's own chunks); the tours and the
 * search index are emitted as files: dist/tours/<id>.json (served at /tutorials/tours/<id>.json)
 * and dist/search-index.json (read by the API's search). Any content problem fails the build
 * with file, line and reason before anything is emitted. Translated pages (content/<locale>/pages)
 * are written per locale (translation-files.ts) and imported lazily, never into __DOCS_CONTENT__.
 */
export function docsContentPlugin(contentDir = process.env.DOCS_CONTENT_DIR ?? 'content'): RsbuildPlugin {
  return {
    name: 'outpost:docs-content',
    setup(api) {
      let compiled: ReturnType<typeof compileContent> | null = null;
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) => {
        compiled = compileContent(path.resolve(api.context.rootPath, contentDir));
        writeTranslationFiles(compiled.translations, path.resolve(api.context.rootPath, '.generated'));
        return mergeRsbuildConfig(config, {
          source: { define: { __DOCS_CONTENT__: JSON.stringify(compiled.content) } },
          dev: { watchFiles: { paths: [path.resolve(api.context.rootPath, contentDir)], type: 'reload-server' } },
        });
      });
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        if (!compiled) return;
        compilation.emitAsset('search-index.json', new sources.RawSource(JSON.stringify(compiled.searchIndex)));
        for (const tour of compiled.tours)
          compilation.emitAsset(`tours/${tour.id}.json`, new sources.RawSource(JSON.stringify(tour)));
      });
    },
  };
}
