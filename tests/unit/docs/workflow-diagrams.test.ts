import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWorkflowDoc, toMermaid, WORKFLOW_MACHINES } from '../../../scripts/diagrams/workflow-diagrams';
import { surgeryLifecycleMachine } from '../../../machines/surgeryLifecycle/surgeryLifecycleMachine';

const root = join(import.meta.dirname, '..', '..', '..');

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(path);
    return entry.name.endsWith('Machine.ts') ? [relative(root, path)] : [];
  });
}

describe('workflow diagrams (docs/workflows)', () => {
  it('covers every machine in machines/', () => {
    expect(WORKFLOW_MACHINES.map((workflow) => workflow.source).sort()).toEqual(machineFiles(join(root, 'machines')).sort());
  });

  it.each(WORKFLOW_MACHINES.map((workflow) => [workflow.file, workflow] as const))(
    'docs/workflows/%s is up to date (else run `npm run diagrams`)',
    (file, workflow) => {
      const path = join(root, 'docs', 'workflows', file);
      expect(existsSync(path), `${path} is missing: run npm run diagrams`).toBe(true);
      expect(readFileSync(path, 'utf8'), `docs/workflows/${file} is stale: run npm run diagrams`).toBe(renderWorkflowDoc(workflow));
    },
  );

  it('draws every stage and move of the lifecycle', () => {
    const diagram = toMermaid(surgeryLifecycleMachine);
    expect(diagram).toContain('[*] --> ind_paciente');
    expect(diagram).toContain('pagamento --> cancelado : lifecycle.cancel');
    expect(diagram).toContain('autorizacao --> agendamento : lifecycle.advance [stepComplete]');
    expect(diagram).toContain('jumping --> concluido : after conflictJump [jumpsTo]');
    expect(diagram.match(/ : lifecycle\.back/g)).toHaveLength(6);
    expect(diagram.match(/ : lifecycle\.archive/g)).toHaveLength(6);
  });
});
