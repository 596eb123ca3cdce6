/** Child process of the benchmarks: serves the named modules' Express apps under /<module>. */
import express from 'express';
import { createModuleApp } from '../src/http/app';
import { moduleNamed } from '../src/modules/registry';

const [port, ...modules] = process.argv.slice(2);
const root = express();
for (const name of modules) root.use(`/${name}`, createModuleApp(moduleNamed(name)));
root.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
