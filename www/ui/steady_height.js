/**
 * Keeps an element as tall as it can be at its current width, so that what comes after
 * it does not move: the toolbar over the board wraps to more rows when a button appears
 * (Offer cube, End turn) and to fewer when it goes, and on a phone each change moved the
 * whole board. Whenever the element changes, its height is measured with each of those
 * buttons shown alone (they never show together), and the tallest seen at this width, in
 * this language, is kept.
 *
 * @param {HTMLElement} element
 * @param {string} mayAppear  a selector for the element's parts that come and go
 */
export function keepTallest(element, mayAppear) {
  let width = -1;
  let tallest = 0;
  /** What the buttons said and what was shown, when last measured. */
  let measured = { labels: "", shown: "" };
  const height = () => element.getBoundingClientRect().height;
  /** What the buttons say, and which parts are shown: not the clock's figures. */
  function appearance() {
    const all = [...element.querySelectorAll("*")];
    return {
      labels: all.filter((e) => e.tagName === "BUTTON").map((e) => e.textContent).join("|"),
      shown: all.map((e) => (e.hidden ? "-" : "+")).join(""),
    };
  }

  /** The height with each of the parts shown alone in its place (invisible if hidden). */
  function tallestPossible() {
    let most = height();
    const parts = [...element.querySelectorAll(mayAppear)];
    const wasHidden = parts.map((part) => part.hidden);
    for (const shown of parts) {
      for (const part of parts) part.hidden = part !== shown;
      shown.style.visibility = wasHidden[parts.indexOf(shown)] ? "hidden" : "";
      most = Math.max(most, height());
      shown.style.visibility = "";
    }
    parts.forEach((part, i) => { part.hidden = wasHidden[i]; });
    return most;
  }

  function update() {
    const now = element.getBoundingClientRect().width;
    // At a new width, or in another language, the tallest is found again.
    if (now !== width || appearance().labels !== measured.labels) {
      width = now;
      tallest = 0;
    }
    element.style.minHeight = "";
    tallest = Math.max(tallest, tallestPossible());
    element.style.minHeight = `${tallest}px`;
    changes.takeRecords(); // the measuring's own changes
    measured = appearance();
  }

  // A change inside that leaves the size as it is (kept by min-height) is seen here: a
  // part shown or hidden, a button relabelled; not the clock's figures, rewritten every
  // frame, nor the same values written again.
  const changes = new MutationObserver(() => {
    const now = appearance();
    if (now.labels !== measured.labels || now.shown !== measured.shown) update();
  });
  changes.observe(element, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
  new ResizeObserver(update).observe(element);
}
