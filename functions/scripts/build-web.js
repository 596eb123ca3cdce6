/**
 * `npm run build:web`: bundles the administrators' AI-spend dashboard (web/src, TypeScript) with
 * esbuild into web/dist, the folder Firebase Hosting serves (firebase.json `hosting.public`), with
 * its page, styles and uPlot's stylesheet. The dashboard's config.json (where the API and Firebase
 * Authentication are) is written by the local stack, or by `--config '<json>'` for a deployment.
 */
const fs = require('node:fs');
const path = require('node:path');

const WEB = path.resolve(__dirname, '../web');
const DIST = path.join(WEB, 'dist');

async function buildWeb({ config } = {}) {
  const esbuild = require('esbuild');
  fs.mkdirSync(DIST, { recursive: true });
  const result = await esbuild.build({
    entryPoints: [path.join(WEB, 'src/main.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    outfile: path.join(DIST, 'app.js'),
    metafile: true,
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'styles.css']) fs.copyFileSync(path.join(WEB, file), path.join(DIST, file));
  fs.copyFileSync(require.resolve('uplot/dist/uPlot.min.css'), path.join(DIST, 'uPlot.min.css'));
  if (config) writeWebConfig(config);
  return { bytes: result.metafile.outputs[path.relative(process.cwd(), path.join(DIST, 'app.js'))]?.bytes };
}

function writeWebConfig(config) {
  fs.mkdirSync(DIST, { recursive: true });
  fs.writeFileSync(path.join(DIST, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
}

module.exports = { buildWeb, writeWebConfig, DIST };

if (require.main === module) {
  const at = process.argv.indexOf('--config');
  buildWeb({ config: at > 0 ? JSON.parse(process.argv[at + 1]) : undefined })
    .then(() => console.log(`dashboard built into ${path.relative(process.cwd(), DIST)}/`))
    .catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
}
