/**
 * Discrete Fourier transform of any length in O(n log n): radix-2 for powers of two, Bluestein's
 * chirp-z transform (a convolution done with radix-2 transforms) for every other length.
 */

/** In-place radix-2 transform; n must be a power of two. */
function radix2(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const [stepRe, stepIm] = [Math.cos(angle), Math.sin(angle)];
    for (let start = 0; start < n; start += size) {
      let [wRe, wIm] = [1, 0];
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tRe = re[b]! * wRe - im[b]! * wIm;
        const tIm = re[b]! * wIm + im[b]! * wRe;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
        [wRe, wIm] = [wRe * stepRe - wIm * stepIm, wRe * stepIm + wIm * stepRe];
      }
    }
  }
}

/** The transform of (re, im); the inverse divides by n. */
export function fourierTransform(realIn: number[], imaginaryIn: number[], inverse: boolean): [number[], number[]] {
  const n = realIn.length;
  if (n === 0) return [[], []];
  let re: Float64Array;
  let im: Float64Array;
  if ((n & (n - 1)) === 0) {
    re = Float64Array.from(realIn);
    im = Float64Array.from({ length: n }, (_, i) => imaginaryIn[i] ?? 0);
    radix2(re, im, inverse);
  } else {
    const sign = inverse ? 1 : -1;
    // Chirp w_k = exp(sign·iπk²/n); k² is taken modulo 2n to keep the angle precise.
    const chirpRe = new Float64Array(n);
    const chirpIm = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const angle = (sign * Math.PI * ((k * k) % (2 * n))) / n;
      chirpRe[k] = Math.cos(angle);
      chirpIm[k] = Math.sin(angle);
    }
    let m = 1;
    while (m < 2 * n - 1) m <<= 1;
    const aRe = new Float64Array(m);
    const aIm = new Float64Array(m);
    const bRe = new Float64Array(m);
    const bIm = new Float64Array(m);
    for (let k = 0; k < n; k++) {
      const [xRe, xIm] = [realIn[k]!, imaginaryIn[k] ?? 0];
      aRe[k] = xRe * chirpRe[k]! - xIm * chirpIm[k]!;
      aIm[k] = xRe * chirpIm[k]! + xIm * chirpRe[k]!;
    }
    bRe[0] = chirpRe[0]!;
    bIm[0] = -chirpIm[0]!;
    for (let k = 1; k < n; k++) {
      bRe[k] = bRe[m - k] = chirpRe[k]!;
      bIm[k] = bIm[m - k] = -chirpIm[k]!;
    }
    radix2(aRe, aIm, false);
    radix2(bRe, bIm, false);
    for (let k = 0; k < m; k++) {
      const [pRe, pIm] = [aRe[k]! * bRe[k]! - aIm[k]! * bIm[k]!, aRe[k]! * bIm[k]! + aIm[k]! * bRe[k]!];
      aRe[k] = pRe;
      aIm[k] = pIm;
    }
    radix2(aRe, aIm, true);
    re = new Float64Array(n);
    im = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const [cRe, cIm] = [aRe[k]! / m, aIm[k]! / m];
      re[k] = cRe * chirpRe[k]! - cIm * chirpIm[k]!;
      im[k] = cRe * chirpIm[k]! + cIm * chirpRe[k]!;
    }
  }
  const scale = inverse ? 1 / n : 1;
  return [Array.from(re, (value) => value * scale), Array.from(im, (value) => value * scale)];
}
