// SystemC modules for tests that drive a network through its platform face (testbench/platform.h): a
// writer that issues blocking TLM-2.0 writes one after the other, and a target that accepts them.
#pragma once
#include <cstdint>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

namespace hiradix::test {

// `writes` 4-byte writes to `address`, each after the previous one's response; `ok` counts the OK ones.
struct Writer : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Writer> socket{"socket"};
  std::uint64_t address = 0;
  int writes = 0, ok = 0;
  SC_HAS_PROCESS(Writer);
  explicit Writer(sc_core::sc_module_name name) : sc_core::sc_module(name) { SC_THREAD(run); }
  void run() {
    for (int i = 0; i < writes; ++i) {
      unsigned char data[4] = {1, 2, 3, 4};
      tlm::tlm_generic_payload trans;
      trans.set_command(tlm::TLM_WRITE_COMMAND);
      trans.set_address(address);
      trans.set_data_ptr(data);
      trans.set_data_length(4);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(trans, delay);
      wait(delay);
      ok += trans.is_response_ok() ? 1 : 0;
    }
  }
};

// Accepts every transaction and counts them.
struct Sink : sc_core::sc_module {
  tlm_utils::simple_target_socket<Sink> socket{"socket"};
  int calls = 0;
  explicit Sink(sc_core::sc_module_name name) : sc_core::sc_module(name) { socket.register_b_transport(this, &Sink::b_transport); }
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    ++calls;
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

}  // namespace hiradix::test
