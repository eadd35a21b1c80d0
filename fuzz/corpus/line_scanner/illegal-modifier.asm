// A file with mistakes a user makes, each reported by `gpuasm check`.
IADD.SAT R0, R1, R2 ;          // IADD has no .SAT
FADD.RX  R3, R4, R5 ;          // a rounding mode that does not exist: .RN .RP .RM .RZ
IMAD.WIDE.U32.S32 R[0:1], R2, R3, R[4:5] ;   // two values for .itype
IADDD R6, R7, R8 ;             // a misspelt mnemonic
@UP0 MOV R9, R10 ;             // a per-thread instruction guarded by a uniform predicate
