import type { ResourceLanguage } from 'i18next';

const FILE_NAME = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/**
 * One language's translations by namespace, from the files of an `import.meta.glob` of
 * `src/locales/<language>/<namespace>.json` named by their paths.
 */
export function collectNamespaces(
  language: string,
  files: Readonly<Record<string, ResourceLanguage>>,
): ResourceLanguage {
  const namespaces: ResourceLanguage = {};
  for (const [path, content] of Object.entries(files)) {
    const [, fileLanguage, namespace] = FILE_NAME.exec(path) ?? [];
    if (fileLanguage !== language || !namespace) {
      throw new Error(`${path} is not under src/locales/${language}/<namespace>.json`);
    }
    namespaces[namespace] = content;
  }
  return namespaces;
}
