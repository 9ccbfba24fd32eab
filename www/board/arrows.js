/**
 * The better play of an analysed decision, drawn beside the played one (`lastMove`) in
 * its own colour: arrows from each step's start to its end, for the side that played.
 * render.js hands in its spot and arrow drawing, so both plays look alike but for the
 * colour.
 */

/** The better play's colour: normal look, then the plain high-contrast look. */
const BEST = { normal: "rgba(120, 230, 140, 0.9)", simple: "#00a000" };

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {import("./state.js").BoardState} state
 * @param {import("./geometry.js").Layout} layout
 * @param {{spot:(where:any, side:string, arrived:boolean) => ({x:number, y:number}|null),
 *   arrow:(a:{x:number,y:number}, b:{x:number,y:number}) => void}} draw
 */
export function drawBestMove(ctx, state, layout, draw) {
  const best = state.bestMove;
  if (!best || best.moves.length === 0) return;
  const colour = state.simpleGraphics ? BEST.simple : BEST.normal;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = layout.unit * 0.07;
  for (const { from, to } of best.moves) {
    const a = draw.spot(from, best.side, false);
    const b = draw.spot(to, best.side, true);
    if (a && b) draw.arrow(a, b);
  }
  ctx.restore();
}
