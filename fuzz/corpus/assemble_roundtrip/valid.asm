// Valid instructions and their encodings, LLVM MC style: each // CHECK: word was computed by
// tests/asm/encode-by-hand.py from the spec's field declarations, independently of gpuasm.
IADD R0, R1, -0x114514 ;                         // CHECK: 0x00001c3c00000000ffeebaec01007200
@!P2 IADD.X R1, PT, R3, ~R5, P0 ;                // CHECK: 0x00001c0200001000000000050301a000
IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;      // CHECK: 0x00001c3c0000200c00000004080a7602
ULDC.64 UR[2:3], c[0x3][UR4+0x10] ;              // CHECK: 0x00000000000500000003001004027018
FFMA.FTZ.RZ R0, -|R1|, 0.5, R3 ;                 // CHECK: 0x000000000000d3033f00000001007642
SHFL.BFLY PT, R2, R1, 0x10, 0x1F ;               // CHECK: 0x00001c000003000002001f0001027231
ISETP.GE.AND.U32.X P1, PT, R2, R3, !P4, P5 ;     // CHECK: 0x0000e5700002b000000000030200700b
MOV R1, 0x10 ;                                   // CHECK: 0x00000000000000000000001000017d11
R2P PR, R7.B1, 0xF ;                             // CHECK: 0x00000000000080000000000f0700720a
MUFU.RSQ.F32 R4, -|R5| ;                         // CHECK: 0x00000003000140000000000500047b3a
LOP3.PAND P1, R0, R1, 0x2, R3, 0xF0, !PT ;       // CHECK: 0x0000043c03c00003000000020100760e
GETGPR R1, R[UR2-0x3] ;                          // CHECK: 0x0000000000000002000001fd00017c17
LEA R0, R1, R2, 0x4 ;                            // CHECK: 0x00001c3c001000ff0000000201007406
FSET.LE.AND R0, R4, R6 ;                         // CHECK: 0x0000001c00c000000000000604007045
POPC R1, ~0x5 ;                                  // CHECK: 0x0000000000000000fffffffa00017d3b
