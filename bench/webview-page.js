// In-page half of bench/webview.bench.ts: runs in chromium beside the results webview's own script
// (plain JavaScript, as the page sees it). Exposes `window.webviewBench`.
'use strict';

(() => {
  const rowHeight = 22;
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const randomFrom = (seed) => () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

  /** A results model shaped like an http-logs query: `rows` rows of eight columns, a chart of `points` buckets. */
  function model(rows, points) {
    const random = randomFrom(42);
    const methods = ['GET', 'POST', 'PUT', 'DELETE'];
    const statuses = ['200', '201', '301', '404', '500', '503'];
    const cities = ['Berlin', 'Lagos', 'Lima', 'Osaka', 'Perth', 'Toronto'];
    const end = Date.parse('2026-11-20T12:00:00Z');
    const matches = {
      columns: [
        { name: '_time', type: 'datetime' },
        { name: 'method', type: 'string' },
        { name: 'status', type: 'string' },
        { name: 'uri', type: 'string' },
        { name: 'req_duration_ms', type: 'float' },
        { name: 'resp_body_size_bytes', type: 'integer' },
        { name: 'geo.city', type: 'string' },
        { name: 'id', type: 'string' },
      ],
      rows: Array.from({ length: rows }, (_, index) => [
        new Date(end - index * 1000).toISOString(),
        methods[Math.floor(random() * 4)],
        statuses[Math.floor(random() * 6)],
        `/api/v1/items/${Math.floor(random() * 10000)}`,
        Math.round(random() * 200000) / 100,
        Math.floor(random() * 100000),
        cities[Math.floor(random() * 6)],
        Math.floor(random() * 2 ** 48).toString(16),
      ]),
    };
    const chart = points > 0
      ? {
          times: Array.from({ length: points }, (_, index) => end / 1000 - (points - index) * 60),
          series: [{ label: 'count_', values: Array.from({ length: points }, () => Math.floor(random() * 500)) }],
          markers: [],
        }
      : undefined;
    return {
      query: "['sample-http-logs'] | take 100000",
      startTime: new Date(end - 86400000).toISOString(),
      endTime: new Date(end).toISOString(),
      matches,
      chart,
      status: { rowsExamined: rows, rowsMatched: rows, elapsedMs: 12, isPartial: false, messages: [] },
    };
  }

  /** Resolves when `test()` holds; fails after a minute, naming what it waited for and what the page shows. */
  function until(test, what) {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (test()) return resolve();
        if (performance.now() - started > 60_000) {
          const counts = [...document.querySelectorAll('.count')].map((each) => each.textContent);
          return reject(new Error(`waited a minute for ${what}; the page shows counts ${JSON.stringify(counts)}, banner "${document.querySelector('.banner')?.textContent}"`));
        }
        setTimeout(check, 1);
      };
      check();
    });
  }

  /**
   * Posts the results message as the host does (the model encoded by client/resultsWire.ts, bundled
   * as `window.aplWire`); gives the milliseconds the encoding took, until the table's first rows
   * are painted, and until every row is decoded.
   */
  async function postResults(rows, points) {
    const encodeStart = performance.now();
    const wire = window.aplWire.encodeModel(model(rows, points));
    const encodeMs = performance.now() - encodeStart;
    return { encodeMs, ...(await postWire(wire)) };
  }

  /** Posts a results message whose model is already encoded (a `WireModel`, or its JSON text). */
  async function postWire(wire) {
    const message = { type: 'results', model: typeof wire === 'string' ? JSON.parse(wire) : wire };
    const count = `${message.model.matches.rowCount.toLocaleString()} rows`;
    const start = performance.now();
    window.postMessage(message, '*');
    const visible = () => document.querySelector('.pane:not([hidden]) .table-view') ?? document.querySelector('.table-view');
    await until(() => [...document.querySelectorAll('.count')].some((each) => each.textContent === count), `the count "${count}"`);
    await nextFrame();
    const firstRowsMs = performance.now() - start;
    await until(() => visible()?.dataset.decoded === 'complete', 'every row decoded');
    await nextFrame();
    return { firstRowsMs, allRowsMs: performance.now() - start };
  }

  /**
   * Scrolls the visible table one step per frame: the first half like a wheel (five rows), the
   * second as jumps to random places (dragging the scrollbar); with `scroll` false the frames just
   * pass (the baseline: what this machine's frames cost with nothing to do). Gives the
   * requestAnimationFrame intervals and, per frame, the time from the frame's start to the end of
   * a forced style and layout after the table's redraw.
   */
  async function scrollTable(frameCount, scroll = true) {
    const scroller = document.querySelector('.pane:not([hidden]) .scroller');
    const frames = [];
    const work = [];
    // Added after the table's own listener, so this frame callback runs after its redraw, in the same frame.
    const onScroll = () => {
      requestAnimationFrame((frameStart) => {
        void document.body.offsetHeight;
        work.push(performance.now() - frameStart);
      });
    };
    scroller.addEventListener('scroll', onScroll);
    const random = randomFrom(7);
    await new Promise((resolve) => {
      let last = 0;
      let step = 0;
      const tick = (now) => {
        if (last) frames.push(now - last);
        last = now;
        if (step === frameCount) return resolve();
        const maximum = scroller.scrollHeight - scroller.clientHeight;
        if (scroll) scroller.scrollTop = step < frameCount / 2 ? (scroller.scrollTop + 5 * rowHeight) % maximum : random() * maximum;
        else {
          requestAnimationFrame((frameStart) => {
            void document.body.offsetHeight;
            work.push(performance.now() - frameStart);
          });
        }
        step++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await nextFrame();
    scroller.removeEventListener('scroll', onScroll);
    // The rows in the DOM must be the ones at the scroll position, or the figures mean nothing.
    const rows = document.querySelector('.pane:not([hidden]) .rows');
    const first = Number(rows.dataset.first);
    const expected = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - Number(rows.dataset.overscan));
    if (Math.abs(first - expected) > 1) throw new Error(`the table shows row ${first} onwards at row ${expected}`);
    console.log(`scroller ${scroller.clientWidth}×${scroller.clientHeight} px, ${rows.children.length} row elements, ${rows.querySelectorAll('.cell').length} cells (${rows.querySelectorAll('.cell.clip').length} clipped)`);
    return { frames, work };
  }

  /** Switches Matches → Chart `times` times (after one warm-up); the chart is drawn anew each time. */
  async function drawChart(times) {
    const tab = (name) => [...document.querySelectorAll('.tabs .tab')].find((each) => each.textContent === name);
    const draw = [];
    const setState = [];
    for (let round = 0; round <= times; round++) {
      tab('Matches').click();
      await nextFrame();
      window.benchState.setStateMs.length = 0;
      const start = performance.now();
      tab('Chart').click();
      // uPlot commits its drawing in a microtask queued during the click.
      await Promise.resolve();
      await Promise.resolve();
      void document.body.offsetHeight;
      const elapsed = performance.now() - start;
      if (!document.querySelector('.chart canvas')) throw new Error('no chart drawn');
      if (round === 0) continue;
      draw.push(elapsed);
      setState.push(window.benchState.setStateMs.reduce((sum, each) => sum + each, 0));
    }
    return { draw, setState };
  }

  /** Fetches an encoded answer (JSON of a `WireModel`) and posts it; the fetch and parse are not timed. */
  async function postWireFrom(url) {
    const wire = await (await fetch(url)).json();
    return postWire(wire);
  }

  window.webviewBench = { postResults, postWire, postWireFrom, scrollTable, drawChart };
})();
