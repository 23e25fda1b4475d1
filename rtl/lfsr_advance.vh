// One routing decision's worth of LFSR steps (see LFSR_MASK in hiradix_fields.vh). Unrolled, this is an
// XOR network of depth <= 64 (in practice a few XORs per bit).
function [LFSR_W-1:0] lfsr_advance(input [LFSR_W-1:0] from);
  integer i;
  reg [LFSR_W-1:0] s;
  begin
    s = from;
    for (i = 0; i < LFSR_STEPS; i = i + 1)
      s = s[0] ? ((s >> 1) ^ LFSR_MASK) : (s >> 1);
    lfsr_advance = s;
  end
endfunction
