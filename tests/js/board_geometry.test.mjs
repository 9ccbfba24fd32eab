// The board's layout (www/board/geometry.js): which way it is drawn for a container,
// that a tall upright screen is filled rather than letterboxed, and that every checker
// drawn and every point hit stays where it belongs.

import test from "node:test";
import assert from "node:assert/strict";
import { checkerSpot, computeLayout, hitTest } from "../../www/board/geometry.js";

const view = { viewer: "white", homeSide: "right" };

test("a tall upright screen gets a taller board with longer points, not empty bands", () => {
  const phone = computeLayout(378, 690, view);
  assert.equal(phone.orientation, "portrait");
  assert.ok(phone.frame.h >= 0.95 * 690, `the board fills ${phone.frame.h} of 690 px`);
  assert.equal(phone.frame.w, 378);
  const squat = computeLayout(378, 540, view);
  assert.equal(squat.orientation, "portrait");
  assert.ok(phone.points[1].h > squat.points[1].h + phone.unit, "the points take the height");
  assert.ok(phone.maxStack > squat.maxStack, `${phone.maxStack} checkers stacked against ${squat.maxStack}`);
  // Taller still, the board stops growing and is centred.
  const tower = computeLayout(378, 1400, view);
  assert.ok(tower.frame.h < 1400 * 0.8);
  assert.ok(Math.abs(tower.frame.y - (1400 - tower.frame.y - tower.frame.h)) < 1);
});

test("a wide container keeps the landscape board", () => {
  const wide = computeLayout(1200, 800, view);
  assert.equal(wide.orientation, "landscape");
  assert.equal(computeLayout(378, 690, view).orientation, "portrait");
});

for (const [width, height] of [[378, 540], [378, 690], [320, 640], [1200, 800], [700, 700]]) {
  test(`at ${width}×${height} every stacked checker stays on its point and every point is hit where drawn`, () => {
    for (const homeSide of ["right", "left"]) {
      const layout = computeLayout(width, height, { viewer: "red", homeSide });
      for (let point = 1; point <= 24; point++) {
        const box = layout.points[point];
        const centre = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
        assert.deepEqual(hitTest(layout, centre.x, centre.y), { kind: "point", point });
        const last = checkerSpot(layout, point, "white", layout.maxStack - 1);
        const r = layout.checker / 2;
        assert.ok(last.y - r >= box.y - 0.5 && last.y + r <= box.y + box.h + 0.5, `point ${point}: the ${layout.maxStack}th checker within it`);
      }
    }
  });
}
