/**
 * A file loaded on its first use, not when the file naming it is loaded: the one way the code writes
 * a lazy load (docs/ADDING_A_MODULE.md, "Lazy loading"). A module uses it in its module.ts (its
 * router, the runs of its jobs and queues) and its index.ts (its service functions, through the
 * kit's `lazyFunction`); the layers below the modules use it for the packages and files few
 * requests need (firebase-admin's parts, the model SDKs, mail, the vendor connectors). Given the
 * loader, a function requiring the file, and the file's type (`typeof import` of the same path,
 * since a require answers `any`).
 */
export function lazyFile<File>(load: () => unknown): () => File {
  let file: File | undefined;
  return () => (file ??= load() as File);
}
