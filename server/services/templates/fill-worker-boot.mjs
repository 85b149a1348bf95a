// Worker entry: Node cannot load TypeScript itself, so tsx is registered in the worker before the worker body.
import { register } from 'tsx/esm/api';

register();
await import('./fill-worker.ts');
