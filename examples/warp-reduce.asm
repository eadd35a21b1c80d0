// warp-reduce.asm — a butterfly sum across the 32 lanes of a warp, checked against REDUX and
// VOTE, then scaled in FP32. Self-contained: the `// @state` lines set the initial registers.
//   build/bin/gpuasm run examples/warp-reduce.asm              (the registers across the lanes)
//   build/bin/gpuasm run examples/warp-reduce.asm --until 21   (stop before the compare)
// @state R0 = lane
// @state c[0x0][0x10] = 0x3e000000

MOV R1, R0 ;
SHFL.BFLY PT, R2, R1, 0x10, 0x1f ;   // R1 of lane ^ 16
IADD R1, R1, R2 ;
SHFL.BFLY PT, R2, R1, 0x8, 0x1f ;
IADD R1, R1, R2 ;
SHFL.BFLY PT, R2, R1, 0x4, 0x1f ;
IADD R1, R1, R2 ;
SHFL.BFLY PT, R2, R1, 0x2, 0x1f ;
IADD R1, R1, R2 ;
SHFL.BFLY PT, R2, R1, 0x1, 0x1f ;
IADD R1, R1, R2 ;                    // every lane: 0 + … + 31 = 0x1f0

REDUX.SUM R3, R0 ;                   // the same sum, warp-wide
ISETP.EQ.AND P0, PT, R1, R3, PT ;
VOTE.ALL R4, P1, P0 ;                // P1 = all agree

I2I.U16 R5, R1 ;
MOV R6, c[0x0][0x10] ;               // 0.125f
FMUL R7, R6, 4.0 ;                   // 0.5f
FFMA.RZ R8, R7, R7, 0.25 ;           // 0.5 * 0.5 + 0.25 = 0.5f
