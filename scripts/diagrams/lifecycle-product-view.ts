import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { STATUS_LABELS, type CaseStatus } from '../../machines/constants';

/**
 * The surgery lifecycle for a product owner (issue 23): the seven steps by their pt-BR names, the moves between them,
 * each guard in words, archive and cancel, without the request sub-states (idle, updating, failed…) the page runs
 * inside each step. Read from the machine itself, like the full diagram, so `npm run diagrams` and the staleness test
 * of tests/unit/docs/workflow-diagrams.test.ts keep it current: a new step, move or guard shows up here, and a guard
 * with no words below stops the generation.
 */

/** The guards of the pure moves in words, by guard and by the step whose move they guard. */
const GUARD_WORDS: Record<string, Partial<Record<CaseStatus, string>>> = {
  stepComplete: {
    ind_paciente: 'nada a preencher',
    prep_doc: 'documentos exigidos pelo hospital e pelo plano enviados, ou a falta confirmada',
    env_doc: 'data de envio da documentação preenchida',
    autorizacao: 'hospital, plano (se pago por plano) e OPME (se houver, com todos os itens decididos) aprovados',
    agendamento: 'dia e hora da cirurgia preenchidos',
    realizacao: 'data da realização preenchida',
    pagamento: 'valor e data do pagamento preenchidos; diferença para o valor previsto justificada',
  },
  saveAllowed: {
    autorizacao: 'a OPME só pode ser marcada como aprovada com todos os itens decididos',
  },
};

/** The pt-BR names of the moves (the buttons of the case page, SPEC §4). */
const MOVE_NAMES = {
  advance: 'Avançar',
  back: 'Voltar',
  archive: 'Arquivar ciclo',
  cancel: 'Cancelar cirurgia',
} as const;

type Move = { kind: keyof typeof MOVE_NAMES; from: string; to: string; guard: string | null };

type Step = { key: string; label: string; moves: Move[]; saves: boolean; saveGuard: string | null };

function guardWords(guard: unknown, from: string): string | null {
  if (!guard) return null;
  const type = typeof guard === 'string' ? guard : (guard as { type?: unknown }).type;
  const words = typeof type === 'string' ? GUARD_WORDS[type]?.[from as CaseStatus] : undefined;
  if (!words) throw new Error(`lifecycle product view: no words for guard ${String(type)} at ${from} (scripts/diagrams/lifecycle-product-view.ts)`);
  return words;
}

function label(key: string): string {
  const name = (STATUS_LABELS as Record<string, string>)[key];
  if (!name) throw new Error(`lifecycle product view: no pt-BR name for ${key} (STATUS_LABELS)`);
  return name;
}

/** The steps (top-level states with a forward move), in the machine's order, with their pure moves. */
function stepsOf(machine: AnyStateMachine): { steps: Step[]; finals: string[] } {
  const nodes = Object.values(machine.root.states) as AnyStateNode[];
  const steps: Step[] = [];
  for (const node of nodes) {
    const on = (event: string) => node.transitions.get(event) ?? [];
    if (on('lifecycle.advance').length === 0) continue;
    const moves: Move[] = [];
    for (const kind of Object.keys(MOVE_NAMES) as Move['kind'][]) {
      for (const transition of on(`lifecycle.${kind}`)) {
        const target = transition.target?.[0];
        if (!target) continue;
        moves.push({ kind, from: node.key, to: target.key, guard: guardWords(transition.guard, node.key) });
      }
    }
    const save = on('lifecycle.save')[0];
    steps.push({ key: node.key, label: label(node.key), moves, saves: save !== undefined, saveGuard: save ? guardWords(save.guard, node.key) : null });
  }
  const finals = nodes.filter((node) => node.type === 'final').map((node) => node.key);
  return { steps, finals };
}

const quote = (text: string) => `"${text.replace(/"/g, '#quot;')}"`;

/** `text` broken into lines of about `width` characters (`<br/>`), so a long guard does not widen the chart. */
function wrap(text: string, width = 36): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join('<br/>');
}

/** The Mermaid flowchart: steps top to bottom, forward moves solid, back moves dotted, archive and cancel to the side. */
function flowchart(steps: Step[], finals: string[]): string {
  const lines = ['flowchart TD'];
  steps.forEach((step, index) => lines.push(`  ${step.key}[${quote(`${index + 1}. ${step.label}`)}]`));
  for (const key of finals) lines.push(`  ${key}([${quote(label(key))}])`);
  for (const step of steps) {
    for (const move of step.moves) {
      if (move.kind === 'advance') {
        lines.push(`  ${move.from} ==>|${quote(wrap(move.guard ? `${MOVE_NAMES.advance}: ${move.guard}` : MOVE_NAMES.advance))}| ${move.to}`);
      } else if (move.kind === 'back') {
        lines.push(`  ${move.from} -.->|${quote(MOVE_NAMES.back)}| ${move.to}`);
      } else {
        lines.push(`  ${move.from} -.->|${quote(MOVE_NAMES[move.kind])}| ${move.to}`);
      }
    }
  }
  return lines.join('\n');
}

/** The same moves as a table, step by step. */
function table(steps: Step[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = steps.map((step, index) => {
    const of = (kind: Move['kind']) => step.moves.filter((move) => move.kind === kind);
    const advance = of('advance')[0];
    const back = of('back')[0];
    return [
      `${index + 1}. ${step.label}`,
      advance ? label(advance.to) : '—',
      advance?.guard ?? '—',
      back ? label(back.to) : '—',
      of('archive').length > 0 ? 'sim' : 'não',
      of('cancel').length > 0 ? 'sim' : 'não',
      step.saveGuard ?? '—',
    ]
      .map(cell)
      .join(' | ');
  });
  return [
    '| Etapa | Avançar leva a | Para avançar é preciso | Voltar leva a | Arquivar ciclo | Cancelar cirurgia | Salvar na etapa exige |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** 'a, b e c'. */
function listOf(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
}

/** The product view section of docs/workflows/surgery-lifecycle.md (markdown). */
export function lifecycleProductView(machine: AnyStateMachine): string {
  const { steps, finals } = stepsOf(machine);
  const delays = machine.implementations.delays as Record<string, unknown>;
  const jump = typeof delays.conflictJump === 'number' ? `${delays.conflictJump} ms` : 'um instante';
  return [
    '## Visão do produto: as sete etapas',
    '',
    `As ${steps.length} etapas com os nomes da tela, os movimentos entre elas e o que cada um exige. Setas cheias:`,
    '"Avançar"; pontilhadas: "Voltar", "Arquivar ciclo" e "Cancelar cirurgia" (estes dois pedem um motivo).',
    `${listOf(finals.map(label))} são finais: a cirurgia não sai mais delas.`,
    '',
    '```mermaid',
    flowchart(steps, finals),
    '```',
    '',
    table(steps),
    '',
    steps.every((step) => step.saves)
      ? 'Em todas as etapas é possível salvar os dados sem mudar de etapa.'
      : `Salvar sem mudar de etapa: ${steps.filter((step) => step.saves).map((step) => step.label).join(', ')}.`,
    'Se o servidor recusar um movimento porque a cirurgia já está em outra etapa (outra pessoa a moveu), a tela avisa',
    `e vai para a etapa real após ${jump}.`,
    '',
  ].join('\n');
}
