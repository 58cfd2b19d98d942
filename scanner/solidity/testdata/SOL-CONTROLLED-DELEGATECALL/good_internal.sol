pragma solidity ^0.8.0;

library Calls {
    function delegate(address target, bytes memory data) internal returns (bytes memory) {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, bytes memory ret) = target.delegatecall(data);
        require(ok);
        return ret;
    }
}
