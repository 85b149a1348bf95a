import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { lifecycleProductView } from '../../../scripts/diagrams/lifecycle-product-view';
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

describe('the product view of the lifecycle (issue 23)', () => {
  const view = lifecycleProductView(surgeryLifecycleMachine);
  const chart = /```mermaid\n([\s\S]*?)\n```/.exec(view)![1]!;

  it('draws the seven steps by their pt-BR names and the three endings, and nothing of the requests', () => {
    const nodes = chart.split('\n').filter((line) => /^ {2}\w+(\[|\(\[)"/.test(line));
    expect(nodes).toEqual([
      '  ind_paciente["1. Cadastro de Cirurgia"]',
      '  prep_doc["2. Preparação de documentação"]',
      '  env_doc["3. Envio de documentação (Hospital)"]',
      '  autorizacao["4. Autorização"]',
      '  agendamento["5. Agendamento de cirurgia"]',
      '  realizacao["6. Realização de cirurgia"]',
      '  pagamento["7. Pagamento de honorário"]',
      '  concluido(["Concluído"])',
      '  cancelado(["Cancelado"])',
      '  arquiv(["Arquivado"])',
    ]);
    // The full machine has 48 states; the request sub-states and the code's names stay out of this view.
    for (const internal of ['idle', 'updating', 'failed', 'reloading', 'jumping', 'lifecycle.', 'case.', 'stepComplete']) {
      expect(chart).not.toContain(internal);
    }
  });

  it('draws every move with its guard in words: 7 forward, 6 back, archive from steps 1–6, cancel from 7', () => {
    expect(chart.match(/ ==>\|/g)).toHaveLength(7);
    expect(chart.match(/-\.->\|"Voltar"\|/g)).toHaveLength(6);
    expect(chart.match(/-\.->\|"Arquivar ciclo"\| arquiv/g)).toHaveLength(6);
    expect(chart).toContain('  pagamento -.->|"Cancelar cirurgia"| cancelado');
    expect(chart).toContain('  env_doc ==>|"Avançar: data de envio da<br/>documentação preenchida"| autorizacao');
    expect(view).toContain(
      '| 4. Autorização | Agendamento de cirurgia | hospital, plano (se pago por plano) e OPME (se houver, com todos os itens decididos) aprovados | Envio de documentação (Hospital) | sim | não | a OPME só pode ser marcada como aprovada com todos os itens decididos |',
    );
    expect(view).toContain('vai para a etapa real após 400 ms.');
  });

  it('is read from the machine: another move table draws another chart, and a guard without words stops it', () => {
    const step = (advance: string, extra: object = {}) => ({
      on: { 'lifecycle.advance': { target: `#m.${advance}`, guard: { type: 'stepComplete', params: { from: 'x' } } }, ...extra },
    });
    const small = createMachine({
      id: 'm',
      initial: 'ind_paciente',
      states: {
        ind_paciente: step('prep_doc', { 'lifecycle.archive': { target: '#m.arquiv' } }),
        prep_doc: { on: { 'lifecycle.advance': { target: '#m.concluido' }, 'lifecycle.back': { target: '#m.ind_paciente' } } },
        concluido: { type: 'final' },
        arquiv: { type: 'final' },
      },
    });
    const drawn = lifecycleProductView(small);
    expect(drawn).toContain('As 2 etapas');
    expect(drawn).toContain('  ind_paciente ==>|"Avançar: nada a preencher"| prep_doc');
    expect(drawn).toContain('  prep_doc ==>|"Avançar"| concluido');
    expect(drawn).toContain('  prep_doc -.->|"Voltar"| ind_paciente');
    expect(drawn).not.toContain('cancelado');

    const unknown = createMachine({
      id: 'm',
      initial: 'ind_paciente',
      states: {
        ind_paciente: { on: { 'lifecycle.advance': { target: '#m.concluido', guard: 'hasNewRule' } } },
        concluido: { type: 'final' },
      },
    });
    expect(() => lifecycleProductView(unknown)).toThrow('no words for guard hasNewRule at ind_paciente');
  });

  it('comes first on docs/workflows/surgery-lifecycle.md, the full machine folded under it', () => {
    const page = readFileSync(join(root, 'docs', 'workflows', 'surgery-lifecycle.md'), 'utf8');
    expect(page.indexOf('## Visão do produto: as sete etapas')).toBeGreaterThan(0);
    expect(page.indexOf('## Visão do produto')).toBeLessThan(page.indexOf('<details><summary>Diagrama da máquina completa</summary>'));
    expect(page).toContain(view);
  });
});
