import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { AnyStateMachine } from 'xstate';
import { STATUS_LABELS } from '../../machines/constants';
import { patientWizardMachine } from '../../machines/patientWizard/patientWizardMachine';
import { sessionMachine } from '../../machines/session/sessionMachine';
import { settingsModalMachine } from '../../machines/settings/settingsModalMachine';
import { doctorSignupMachine } from '../../machines/signup/doctorSignupMachine';
import { secretarySignupMachine } from '../../machines/signup/secretarySignupMachine';
import { surgeryLifecycleMachine } from '../../machines/surgeryLifecycle/surgeryLifecycleMachine';

/**
 * The workflow diagrams of docs/workflows/ for product owners: each machine of machines/ as a Mermaid state diagram
 * (read from the machine itself, so it cannot drift) plus its configuration as code to paste into the Stately
 * visualizer. `npm run diagrams` writes them; tests/unit/docs/workflow-diagrams.test.ts fails when one is stale.
 */

export type WorkflowMachine = {
  file: string;
  title: string;
  source: string;
  machine: AnyStateMachine;
  /** pt-BR names shown beside a state's key (the stage labels of SPEC §3, for one). */
  stateLabels?: Record<string, string>;
};

export const WORKFLOW_MACHINES: WorkflowMachine[] = [
  {
    file: 'surgery-lifecycle.md',
    title: 'Ciclo de vida da cirurgia (sete etapas)',
    source: 'machines/surgeryLifecycle/surgeryLifecycleMachine.ts',
    machine: surgeryLifecycleMachine,
    stateLabels: {
      ...STATUS_LABELS,
      jumping: 'Conflito: aguarda 400 ms e vai para a etapa real',
      idle: 'Aguardando',
      failed: 'Pedido recusado',
      reloading: 'Relendo a cirurgia',
      updating: 'Enviando',
      uploading: 'Enviando documentos',
      archiving: 'Arquivando',
      cancelling: 'Cancelando',
    },
  },
  { file: 'session.md', title: 'Sessão (entrar, renovar, sair)', source: 'machines/session/sessionMachine.ts', machine: sessionMachine },
  {
    file: 'doctor-signup.md',
    title: 'Cadastro de médico (3 passos)',
    source: 'machines/signup/doctorSignupMachine.ts',
    machine: doctorSignupMachine,
  },
  {
    file: 'secretary-signup.md',
    title: 'Cadastro de secretária por convite (2 passos)',
    source: 'machines/signup/secretarySignupMachine.ts',
    machine: secretarySignupMachine,
  },
  {
    file: 'patient-wizard.md',
    title: 'Cadastro e edição de paciente (2 passos)',
    source: 'machines/patientWizard/patientWizardMachine.ts',
    machine: patientWizardMachine,
  },
  {
    file: 'settings-modals.md',
    title: 'Modais de Configurações (nome, apelido, senha, convite)',
    source: 'machines/settings/settingsModalMachine.ts',
    machine: settingsModalMachine,
  },
];

/** A state's Mermaid id: its path below the machine, joined by '_' (Mermaid ids cannot hold dots). */
function mermaidId(node: DirectedGraphNode): string {
  return node.stateNode.path.join('_');
}

/** An edge's label: the event (done/error/after made readable) and the guard's name, if any. */
function edgeLabel(eventType: string, guard: unknown): string {
  const event = eventType
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 done')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 error')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1');
  let guardName: string | null = null;
  if (typeof guard === 'string') guardName = guard;
  else if (guard && typeof guard === 'object' && 'type' in guard) guardName = String(guard.type);
  else if (typeof guard === 'function') guardName = guard.name || 'guard';
  return guardName ? `${event} [${guardName}]` : event;
}

function renderNode(node: DirectedGraphNode, lines: string[], indent: string, labels: Record<string, string>): void {
  const { stateNode } = node;
  const initial = stateNode.initial?.target?.[0];
  if (initial) lines.push(`${indent}[*] --> ${initial.path.join('_')}`);
  for (const child of node.children) {
    if (child.children.length > 0) {
      lines.push(`${indent}state ${mermaidId(child)} {`);
      renderNode(child, lines, `${indent}  `, labels);
      lines.push(`${indent}}`);
    } else {
      const { key } = child.stateNode;
      const name = labels[key] ? `${labels[key]} (${key})` : key;
      lines.push(`${indent}state "${name}" as ${mermaidId(child)}`);
    }
    if (child.stateNode.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
  }
  for (const child of node.children) {
    for (const edge of child.edges) {
      const target = edge.target.path.length > 0 ? edge.target.path.join('_') : mermaidId(child);
      lines.push(`${indent}${mermaidId(child)} --> ${target} : ${edgeLabel(edge.label.text, edge.transition.guard)}`);
    }
  }
}

/** The machine as a Mermaid `stateDiagram-v2`. */
export function toMermaid(machine: AnyStateMachine, stateLabels: Record<string, string> = {}): string {
  const lines = ['stateDiagram-v2'];
  renderNode(toDirectedGraph(machine), lines, '  ', stateLabels);
  return lines.join('\n');
}

/** The machine's configuration as `createMachine(...)` code; implementations (functions) are left out. */
export function toStatelyCode(machine: AnyStateMachine): string {
  const config = JSON.stringify(machine.config, (_key, value: unknown) => (typeof value === 'function' ? undefined : value), 2);
  return `import { createMachine } from 'xstate';\n\nexport const machine = createMachine(${config});`;
}

/** The whole docs/workflows/<file> page of a machine. */
export function renderWorkflowDoc({ title, source, machine, stateLabels }: WorkflowMachine): string {
  return [
    `# ${title}`,
    '',
    `Gerado de \`${source}\` por \`npm run diagrams\`; não edite à mão (um teste falha quando este arquivo fica desatualizado).`,
    '',
    '```mermaid',
    toMermaid(machine, stateLabels),
    '```',
    '',
    '## Abrir no visualizador da Stately',
    '',
    'Copie o código abaixo e cole em <https://stately.ai/viz> (ou importe em <https://stately.ai/editor>). Ele traz os',
    'estados, eventos, guardas e atrasos da máquina; as implementações ficam no arquivo de origem.',
    '',
    '<details><summary>Código da máquina</summary>',
    '',
    '```ts',
    toStatelyCode(machine),
    '```',
    '',
    '</details>',
    '',
  ].join('\n');
}
