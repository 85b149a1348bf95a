import { describe, expect, it } from 'vitest';
import { auditDetailLabel } from '../../../machines/audit/constants';

/** The audit trail's detail codes as 'Auditoria' shows them, the TISS ones (issue 37) among them. */
describe('auditDetailLabel', () => {
  it('names the parts of a case a write touched', () => {
    expect(auditDetailLabel('team')).toBe('Equipe cirúrgica');
    expect(auditDetailLabel('guide')).toBe('Guia de honorários');
    expect(auditDetailLabel('glosa')).toBe('Glosa');
    expect(auditDetailLabel(null)).toBeNull();
    expect(auditDetailLabel('income_report')).toBe('Relatório para o contador');
    expect(auditDetailLabel('income_report.csv')).toBe('Relatório para o contador (CSV)');
    expect(auditDetailLabel('income_report.pdf')).toBe('Relatório para o contador (PDF)');
  });

  it('names TISS lots and appeals with their numbers', () => {
    expect(auditDetailLabel('tiss_lot:12')).toBe('Lote TISS 12');
    expect(auditDetailLabel('tiss_lot_sent:12')).toBe('Envio do lote TISS 12');
    expect(auditDetailLabel('tiss_lot_undone:3')).toBe('Lote TISS 3 desfeito');
    expect(auditDetailLabel('tiss_appeal:4')).toBe('Recurso de glosa 4');
    expect(auditDetailLabel('tiss_appeal_sent:4')).toBe('Envio do recurso de glosa 4');
    expect(auditDetailLabel('tiss_statement:5')).toBe('Demonstrativo TISS importado (nº interno 5)');
    expect(auditDetailLabel('repasse:6')).toBe('Repasse importado (nº interno 6)');
  });

  it('keeps the stage and field forms, and shows an unknown code as written', () => {
    expect(auditDetailLabel('status:pagamento')).toBe('Etapa: Pagamento de honorário');
    expect(auditDetailLabel('campos:cpf,plan_card')).toBe('Campos: CPF, Carteira do convênio');
    expect(auditDetailLabel('something:else')).toBe('something:else');
  });
});
