#!/usr/bin/env python3
"""Independent computation of the expected encodings in valid.asm.

It does not use gpuasm: it reads the field declarations of isa-db/spec/*.txt and the
enumerators of prelude.isa with a few regular expressions, follows `: [PARENT]` chains, and
packs the field values written below by hand for each instruction (register numbers,
enumerator names, immediates as two's complement / IEEE bits), with the spec's defaults for
the fields an instruction leaves out. Run it to print the `// CHECK:` lines of valid.asm.
"""
import re, struct, pathlib

spec = pathlib.Path(__file__).resolve().parents[2] / "isa-db" / "spec"
defs, parents, enums, current, kind = {}, {}, {}, None, None
for path in sorted(spec.glob("*.txt")) + [spec / "prelude.isa"]:
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"__Def(\w+)\s+(\w+)(?:<\d+>)?\s*(?::\s*\[(\w+)\])?", line)
        if m:
            kind, current = m.group(1), m.group(2)
            parents[current] = m.group(3)
            defs.setdefault(current, [])
            if kind == "BitFieldType":
                enums[current], nxt = {}, 0
            continue
        f = re.match(r"\s+field<\s*(\d+)\s*,\s*(\d+)\s*>\s+(\w+)\s+([\w.]+)\s*(==|=)?\s*(\w+)?\s*;", line)
        if f and kind != "BitFieldType":
            defs[current].append((int(f.group(1)), int(f.group(2)), f.group(3), f.group(4), f.group(6)))
            continue
        e = re.match(r"\s+(\w+)\s*(?:=\s*(\w+))?\s*;", line)
        if e and kind == "BitFieldType" and not line.strip().startswith("//"):
            nxt = int(e.group(2), 0) if e.group(2) else nxt
            enums[current][e.group(1)] = nxt
            nxt += 1

def fields(opcode):
    chain, name = [], opcode
    while name and name != "ALL":
        chain.append(name)
        name = parents.get(name)
    out = {}
    for d in reversed(chain):
        for off, width, typ, fname, value in defs[d]:
            out[fname] = (off, width, typ, value)
    return out

# errata.isa amendments that change defaults used below (L-74a: LEA rc = RZ; L-48a: MUFU hsel = H0)
def encode(opcode, **given):
    word = 0
    for fname, (off, width, typ, default) in fields(opcode).items():
        key = fname.replace(".", "_")
        value = given.pop(key, default)
        if value is None:
            raise SystemExit(f"{opcode}: no value for {fname}")
        if isinstance(value, str):
            value = enums[typ][value]
        word |= (value & ((1 << width) - 1)) << off
    if given:
        raise SystemExit(f"{opcode}: unknown fields {given}")
    return f"0x{word:032x}"

f32 = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]
cases = [
    ("IADD R0, R1, -0x114514 ;", encode("IADD_RI", rd="R0", ra="R1", vb=(-0x114514) & 0xFFFFFFFF)),
    ("@!P2 IADD.X R1, PT, R3, ~R5, P0 ;", encode("IADD_RR", pg="P2", pg_not="True", rd="R1", pu="PT", ra="R3", rb="R5", rb_neg="True", ext="X", pp="P0", pp_not="False")),
    ("IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;", encode("IMAD_WIDE_RIR", rd="R10", ra="R8", vb=4, rc="R12", itype="U32")),
    ("ULDC.64 UR[2:3], c[0x3][UR4+0x10] ;", encode("ULDC_U", urd="UR2", ura="UR4", vb=(3 << 16) | 0x10, dtype="64")),
    ("FFMA.FTZ.RZ R0, -|R1|, 0.5, R3 ;", encode("FFMA_RIR", rd="R0", ra="R1", ra_neg="True", ra_abs="True", vb=f32(0.5), rc="R3", ftz="FTZ", rnd="RZ")),
    ("SHFL.BFLY PT, R2, R1, 0x10, 0x1F ;", encode("SHFL_RI", pu="PT", rd="R2", ra="R1", vb=0x10, vc=0x1F, mode="BFLY")),
    ("ISETP.GE.AND.U32.X P1, PT, R2, R3, !P4, P5 ;", encode("ISETP_RR", pu="P1", pv="PT", ra="R2", rb="R3", pp="P4", pp_not="True", pq="P5", pq_not="False", compop="GE", boolop="AND", itype="U32", ext="X")),
    ("MOV R1, 0x10 ;", encode("MOV_I", rd="R1", vb=0x10)),
    ("R2P PR, R7.B1, 0xF ;", encode("R2P_RI", ra="R7", ra_bsel="B1", vb=0xF)),
    ("MUFU.RSQ.F32 R4, -|R5| ;", encode("MUFU_R", rd="R4", rb="R5", rb_neg="True", rb_abs="True", rb_hsel="H0", mufuop="RSQ", dtype="F32")),
    ("LOP3.PAND P1, R0, R1, 0x2, R3, 0xF0, !PT ;", encode("LOP3_RIR", pu="P1", rd="R0", ra="R1", vb=2, rc="R3", lut=0xF0, pp="PT", pp_not="True", exbool="PAND")),
    ("GETGPR R1, R[UR2-0x3] ;", encode("GETGPR_U", rd="R1", urb="UR2", ridx=(-3) & 0x1FF)),
    ("LEA R0, R1, R2, 0x4 ;", encode("LEA_RRR", rd="R0", ra="R1", rb="R2", rc="RZ", shiftamt=4)),
    ("FSET.LE.AND R0, R4, R6 ;", encode("FSET_RR", rd="R0", ra="R4", rb="R6", cmp="LE", lop="AND")),
    # L-50: `~` on an immediate has no field; it is folded into the value (~0x5 = 0xFFFFFFFA).
    ("POPC R1, ~0x5 ;", encode("POPC_I", rd="R1", vb=(~0x5) & 0xFFFFFFFF)),
]
for text, word in cases:
    print(f"{text:48} // CHECK: {word}")
