/* tslint:disable */
/* eslint-disable */
export const memory: WebAssembly.Memory;
export const __wbg_match_free: (a: number, b: number) => void;
export const legalPlays: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
export const match_act: (a: number, b: number, c: number, d: any, e: number) => [number, number];
export const match_fromIds: (a: number, b: number, c: number, d: number, e: any, f: number, g: number) => [number, number, number];
export const match_lastMs: (a: number) => number;
export const match_load: (a: number, b: number, c: number, d: number) => [number, number, number];
export const match_mat: (a: number) => [number, number];
export const match_matchId: (a: number) => [number, number];
export const match_new: (a: any, b: number, c: number) => [number, number, number];
export const match_positionId: (a: number) => [number, number];
export const match_save: (a: number) => [number, number, number, number];
export const match_tick: (a: number, b: number) => [number, number, number];
export const match_view: (a: number, b: number) => [number, number, number];
export const presetOptions: (a: number, b: number, c: number) => [number, number, number];
export const __wbindgen_malloc: (a: number, b: number) => number;
export const __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
export const __wbindgen_free: (a: number, b: number, c: number) => void;
export const __wbindgen_exn_store: (a: number) => void;
export const __externref_table_alloc: () => number;
export const __wbindgen_externrefs: WebAssembly.Table;
export const __externref_table_dealloc: (a: number) => void;
export const __wbindgen_start: () => void;
