// Runs the worker module's benchmark() in a Web Worker and shows its figures; the
// figures are also left on `window.benchmark` (a promise) for tests.

const worker = new Worker(new URL("./bench-worker.js", import.meta.url), { type: "module" });

window.benchmark = new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) => (data.ok ? resolve(data.speed) : reject(new Error(data.error)));
  worker.onerror = (event) => reject(new Error(event.message));
});

const million = (perSecond) => `${(perSecond / 1e6).toFixed(2)} M/s`;

window.benchmark.then(
  (speed) => {
    const rows = [
      ["Evaluations, one position at a time", million(speed.evaluations_per_second)],
      [`… on the ${speed.contact_positions} contact positions`, million(speed.contact_per_second)],
      ["… by the plain forward pass", million(speed.plain_contact_per_second)],
      [`Every play of a roll together (${speed.batch_plays} plays)`, million(speed.batch_per_second)],
      ["0-ply decision", `${speed.zero_ply_decision_us.toFixed(1)} µs`],
      [`Expert decision, median of ${speed.expert_decisions}`, `${speed.expert_decision_ms.toFixed(1)} ms`],
    ];
    const body = document.querySelector("#figures tbody");
    for (const [name, value] of rows) body.insertRow().append(...[name, value].map((text) => Object.assign(document.createElement("td"), { textContent: text })));
    document.getElementById("figures").hidden = false;
    document.getElementById("status").textContent = `${speed.positions} positions, median of ${speed.runs} runs (checksum ${speed.checksum.toFixed(1)}).`;
  },
  (error) => {
    document.getElementById("status").textContent = `The benchmark could not run: ${error.message}`;
  },
);
