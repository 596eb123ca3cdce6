/**
 * The `typescript` module as Stryker's TypeScript checker sees it (checker-preload.js): the real
 * module, with the program factory given to the watch-mode solution builder wrapped so that parsed
 * files are kept between rebuilds while their text is unchanged.
 */
const ts = require('typescript');

/** file name and parse options -> the last SourceFile parsed for them */
const parsed = new Map();

function withParsedFileCache(createProgram) {
  return (rootNames, options, host, ...rest) => {
    const getSourceFile = host.getSourceFile;
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
      const parseOptions =
        typeof languageVersionOrOptions === 'object'
          ? `${languageVersionOrOptions.languageVersion}/${languageVersionOrOptions.impliedNodeFormat}`
          : String(languageVersionOrOptions);
      const key = `${parseOptions}|${fileName}`;
      const text = host.readFile(fileName);
      const known = parsed.get(key);
      if (known && !shouldCreateNewSourceFile && text !== undefined && known.text === text) return known;
      const sourceFile = getSourceFile.call(
        host,
        fileName,
        languageVersionOrOptions,
        onError,
        shouldCreateNewSourceFile,
      );
      if (sourceFile) parsed.set(key, sourceFile);
      return sourceFile;
    };
    try {
      return createProgram(rootNames, options, host, ...rest);
    } finally {
      host.getSourceFile = getSourceFile;
    }
  };
}

module.exports = Object.create(ts, {
  createSolutionBuilderWithWatchHost: {
    value: (system, createProgram, ...rest) =>
      ts.createSolutionBuilderWithWatchHost(
        system,
        withParsedFileCache(createProgram ?? ts.createEmitAndSemanticDiagnosticsBuilderProgram),
        ...rest,
      ),
  },
});
