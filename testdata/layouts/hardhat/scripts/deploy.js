async function main() {} main();
