describe("Bank", () => { it("deposits", async () => {}); });
