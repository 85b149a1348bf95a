/**
 * 'A receber''s filter by a glosa's TISS reason (issue 37 item 7): a search over the shipped reason table
 * (listGlosaReasons). Its own chunk, loaded after the page's first paint (React Aria's combobox is not part of it,
 * issue 41); the URL keeps only the code, so a link or a reload reads the code's label back once.
 */
import { useEffect, useState } from 'react';
import { searchGlosaReasons, type GlosaReason } from '../../api/lookups';
import { SearchSelect } from '../../components/ui/SearchSelect';
import { fill } from '../../lib/i18n/pt-BR';
import { receivablesTexts } from '../../lib/i18n/receivables';

const T = receivablesTexts.page;

export type GlosaReasonFilterProps = {
  /** The code in the URL, or null for every reason. */
  code: string | null;
  onChange: (code: string | undefined) => void;
};

const labelOf = (item: GlosaReason) => (item.label ? fill(T.reasonOption, { code: item.code, label: item.label }) : item.code);

export function GlosaReasonFilter({ code, onChange }: GlosaReasonFilterProps) {
  /** The reason chosen here, and the one read back for a code that came with the URL. */
  const [picked, setPicked] = useState<GlosaReason | null>(null);
  const [fetched, setFetched] = useState<GlosaReason | null>(null);
  const known = picked?.code === code ? picked : fetched?.code === code ? fetched : null;
  // Until the label arrives (or when it cannot), the code alone.
  const item = code ? (known ?? { code, group: null, description: null, label: '' }) : null;
  const needsLabel = Boolean(code) && known === null;

  useEffect(() => {
    if (!code || !needsLabel) return;
    const controller = new AbortController();
    searchGlosaReasons(code, controller.signal).then(
      (found) => {
        const match = found.find((each) => each.code === code);
        if (match) setFetched(match);
      },
      () => {},
    );
    return () => controller.abort();
  }, [code, needsLabel]);

  return (
    <SearchSelect<GlosaReason>
      label={T.reason}
      name="reason"
      placeholder={T.reasonPlaceholder}
      value={item}
      onChange={(next) => {
        setPicked(next);
        onChange(next?.code);
      }}
      search={searchGlosaReasons}
      itemKey={(each) => each.code}
      itemLabel={labelOf}
    />
  );
}
