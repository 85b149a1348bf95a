// jsdom has no matchMedia; react-hot-toast's Toaster needs it.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

// Screens load lazily (route chunks, feature chunks): on a busy two-core machine the first render of a route can take
// many seconds, so findBy*/waitFor wait up to 30 s. They return as soon as the condition holds: a wait on a
// condition, not a timing assertion.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 30_000 });
}

export {};
