// warp-scan.asm — an inclusive prefix sum across the 32 lanes of a warp (Hillis–Steele, with
// SHFL.UP), checked by its own `// @expect` lines: gpuasm test runs the kernel and checks each
// one against the state after the lines above it; the editor marks a failing one as you type.
//   build/bin/gpuasm test examples/warp-scan.asm
//   build/bin/gpuasm test examples/warp-scan.asm --junit scan.xml   (JUnit XML for CI)
// @state R0 = lane
// @state c[0x0][0x10] = 0x3d000000

MOV R1, R0 ;                         // every lane starts with its lane id
// @expect R1 == lane

// Step 1: add the value one lane down. SHFL.UP's predicate says whether lane - 1 exists
// (002_sync.txt: pu = j >= maxLane, maxLane 0 here); lane 0 has none, so it keeps its value.
SHFL.UP P1, R2, R1, 0x1, 0x0 ;
// @expect lanes(P1) == 0xfffffffe
@P1 IADD R1, R1, R2 ;
// @expect R1[0] == 0 && all(lane == 0 || R1 == 2 * lane - 1)

SHFL.UP P1, R2, R1, 0x2, 0x0 ;
@P1 IADD R1, R1, R2 ;
SHFL.UP P1, R2, R1, 0x4, 0x0 ;
@P1 IADD R1, R1, R2 ;
SHFL.UP P1, R2, R1, 0x8, 0x0 ;
@P1 IADD R1, R1, R2 ;
SHFL.UP P1, R2, R1, 0x10, 0x0 ;
@P1 IADD R1, R1, R2 ;
// Lane i now holds 0 + 1 + … + i.
// @expect R1 == lane * (lane + 1) / 2
// @expect R1[31] == 496

// Lane 31's sum, broadcast (SHFL.IDX with 0x1f), is the warp-wide sum REDUX.SUM computes.
SHFL.IDX PT, R4, R1, 0x1f, 0x1f ;
REDUX.SUM R3, R0 ;
ISETP.EQ.AND P0, PT, R4, R3, PT ;
// @expect all(P0) && R3 == 0x1f0

// The mean in FP32: 1/32 from constant memory times 496.0 is 15.5, exact in every rounding mode.
MOV R6, c[0x0][0x10] ;               // 0.03125f = 1/32
FMUL R7, R6, 496.0 ;
// @expect f32(R6) == 0.03125 && f32(R7) == 15.5
FFMA.RZ R8, R7, R6, -1.0 ;           // 15.5 / 32 - 1 = -33/64, exact
// @expect f32(R8) == -0.515625 && R8 == 0xbf040000
