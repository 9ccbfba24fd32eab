/**
 * A figure with its sign, as the page writes equities and luck: "+0.412", "−0.031"
 * (a true minus sign). A figure that rounds to zero is "+0.000", never "−0.000".
 * @param {number} x
 * @param {number} [digits]  decimals, three by default
 */
export function signed(x, digits = 3) {
  const rounded = Number(x.toFixed(digits));
  return (rounded >= 0 ? "+" : "−") + Math.abs(rounded).toFixed(digits);
}
