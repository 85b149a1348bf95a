import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { AnyStateMachine } from 'xstate';
import { STATUS_LABELS } from '../../machines/constants';
import { patientWizardMachine } from '../../machines/patientWizard/patientWizardMachine';
import { sessionMachine } from '../../machines/session/sessionMachine';
import { settingsModalMachine } from '../../machines/settings/settingsModalMachine';
import { doctorSignupMachine } from '../../machines/signup/doctorSignupMachine';
import { secretarySignupMachine } from '../../machines/signup/secretarySignupMachine';
import { surgeryLifecycleMachine } from '../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import { lifecycleProductView } from './lifecycle-product-view';

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
  /**
   * A view for product owners read from the same machine (markdown), shown first; the full diagram then folds away
   * under it (issue 23: the lifecycle's full diagram has 48 states).
   */
  productView?: (machine: AnyStateMachine) => string;
};

export const WORKFLOW_MACHINES: WorkflowMachine[] = [
  {
    file: 'surgery-lifecycle.md',
    title: 'Ciclo de vida da cirurgia (sete etapas)',
    source: 'machines/surgeryLifecycle/surgeryLifecycleMachine.ts',
    machine: surgeryLifecycleMachine,
    productView: lifecycleProductView,
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

/** The names a machine's configuration refers to, by kind: what a pasted copy must be given to run. */
export type ImplementationNames = { actors: string[]; guards: string[]; actions: string[]; delays: string[] };

function nameOf(item: unknown): string | null {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && 'type' in item && typeof item.type === 'string') return item.type;
  return null;
}

/** Every actor (`invoke.src`), guard, action and named delay the configuration `config` (JSON) names. */
export function implementationNames(config: unknown): ImplementationNames {
  const found = { actors: new Set<string>(), guards: new Set<string>(), actions: new Set<string>(), delays: new Set<string>() };
  const add = (set: Set<string>, item: unknown) => {
    const name = nameOf(item);
    // xstate's own actions (xstate.raise, …) need no implementation.
    if (name && !name.startsWith('xstate.')) set.add(name);
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'guard') add(found.guards, item);
      else if (key === 'actions' || key === 'entry' || key === 'exit') [item].flat().forEach((action) => add(found.actions, action));
      else if (key === 'invoke') [item].flat().forEach((invoke: unknown) => add(found.actors, (invoke as { src?: unknown } | null)?.src));
      else if (key === 'after' && item && typeof item === 'object') {
        for (const delay of Object.keys(item)) if (!/^\d+$/.test(delay)) found.delays.add(delay);
      }
      walk(item);
    }
  };
  walk(config);
  const sorted = (set: Set<string>) => [...set].sort();
  return { actors: sorted(found.actors), guards: sorted(found.guards), actions: sorted(found.actions), delays: sorted(found.delays) };
}

/** A stand-in delay: the machine's own value when it is a number, else one second. */
function delayValue(machine: AnyStateMachine, name: string): number {
  const value: unknown = (machine.implementations.delays as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : 1000;
}

/**
 * The machine as code to paste into the Stately visualizer: its configuration as `createMachine(...)` JSON
 * (implementations, which are functions, are left out) and, so that it runs as pasted (issue 24), a named stand-in
 * for each implementation it refers to: every actor answers at once with an empty result, every guard lets the
 * event through, every action does nothing, every delay keeps its value. tests/unit/docs/workflow-export.test.ts
 * starts each block and sends it events.
 */
export function toStatelyCode(machine: AnyStateMachine): string {
  const config = JSON.stringify(machine.config, (_key, value: unknown) => (typeof value === 'function' ? undefined : value), 2);
  const names = implementationNames(JSON.parse(config));
  const entries = (list: string[], value: (name: string) => string) =>
    list.length === 0 ? '{}' : `{\n${list.map((name) => `    ${JSON.stringify(name)}: ${value(name)},`).join('\n')}\n  }`;
  return [
    `import { createMachine, fromPromise } from 'xstate';`,
    '',
    '// Stand-ins for the implementations (the real ones are in the source file): every actor answers at once with an',
    '// empty result, every guard lets the event through, every action does nothing, every delay keeps its value.',
    'const answersAtOnce = () => fromPromise(async () => ({}));',
    'const letsThrough = () => true;',
    'const doesNothing = () => {};',
    '',
    `export const machine = createMachine(${config}, {`,
    `  actors: ${entries(names.actors, () => 'answersAtOnce()')},`,
    `  guards: ${entries(names.guards, () => 'letsThrough')},`,
    `  actions: ${entries(names.actions, () => 'doesNothing')},`,
    `  delays: ${entries(names.delays, (name) => String(delayValue(machine, name)))},`,
    '});',
  ].join('\n');
}

/** The whole docs/workflows/<file> page of a machine. */
export function renderWorkflowDoc({ title, source, machine, stateLabels, productView }: WorkflowMachine): string {
  const diagram = ['```mermaid', toMermaid(machine, stateLabels), '```'];
  return [
    `# ${title}`,
    '',
    `Gerado de \`${source}\` por \`npm run diagrams\`; não edite à mão (um teste falha quando este arquivo fica desatualizado).`,
    '',
    ...(productView
      ? [
          productView(machine),
          '## Máquina completa',
          '',
          'Todos os estados da máquina, com os de cada pedido ao servidor dentro de cada etapa (aguardando, enviando,',
          'pedido recusado…) e os nomes dos eventos e guardas do código.',
          '',
          '<details><summary>Diagrama da máquina completa</summary>',
          '',
          ...diagram,
          '',
          '</details>',
        ]
      : diagram),
    '',
    '## Abrir no visualizador da Stately',
    '',
    'Copie o código abaixo e cole em <https://stately.ai/viz> (ou importe em <https://stately.ai/editor>). Ele traz os',
    'estados, eventos, guardas e atrasos da máquina, e roda como está: cada implementação (serviço, guarda, ação, atraso)',
    'tem um substituto com o mesmo nome (o serviço responde na hora com um resultado vazio, a guarda deixa passar, a ação',
    'não faz nada); as implementações reais ficam no arquivo de origem.',
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
