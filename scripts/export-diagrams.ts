import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderWorkflowDoc, WORKFLOW_MACHINES } from './diagrams/workflow-diagrams';

/** Writes docs/workflows/*.md from the machines (see scripts/diagrams/workflow-diagrams.ts). */
const dir = join(import.meta.dirname, '..', 'docs', 'workflows');
mkdirSync(dir, { recursive: true });
for (const workflow of WORKFLOW_MACHINES) {
  writeFileSync(join(dir, workflow.file), renderWorkflowDoc(workflow));
  console.log(`docs/workflows/${workflow.file}`);
}
