// Each lane's share of a warp-wide sum, scaled by a constant and clamped — a small but
// realistic snippet over the ISA's warp-synchronous, special-function and FP32 instructions.
// R0 holds the lane's input (an FP32 value); the result is left in R6 on every lane.

    ULDC      UR4, c[0x0][0x160] ;              // scale factor from constant bank 0
    MOV       R1, R0 ;

    // Butterfly reduction: after five steps every lane holds the sum over the warp.
    SHFL.BFLY PT, R2, R1, 0x10, 0x1F ;
    FADD      R1, R1, R2 ;
    SHFL.BFLY PT, R2, R1, 0x8, 0x1F ;
    FADD      R1, R1, R2 ;
    SHFL.BFLY PT, R2, R1, 0x4, 0x1F ;
    FADD      R1, R1, R2 ;
    SHFL.BFLY PT, R2, R1, 0x2, 0x1F ;
    FADD      R1, R1, R2 ;
    SHFL.BFLY PT, R2, R1, 0x1, 0x1F ;
    FADD      R1, R1, R2 ;

    MUFU.RCP.F32 R3, R1 ;                        // 1 / sum
    FMUL      R6, R0, R3 ;                       // this lane's share
    FMUL.RZ   R6, R6, UR4 ;                      // scaled, rounded toward zero
    FSETP.GT.AND P0, PT, R6, 0.5, PT ;
@P0 FADD.SAT  R6, R6, -0.5 ;                     // lanes above one half are shifted back

    VOTE.ANY  R7, P1, P0 ;                       // which lanes were shifted
    POPC      R8, R7 ;                           // how many
    IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;  // byte offset of the count in a table
